import { Spin } from 'antd';

export const PageFallback = () => (
  <div className="pp-fullpage-center" role="status">
    <Spin size="large" />
  </div>
);
