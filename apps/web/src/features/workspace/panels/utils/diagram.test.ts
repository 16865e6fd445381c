import { describe, expect, it } from 'vitest';
import { diagramModel } from './diagram';

const box = { left: 10, top: 10, right: 110, bottom: 210 };

describe('diagramModel', () => {
  it('puts the head at the top, includes zero and finds the peak', () => {
    const series = [
      { x: 3, y: 10 },
      { x: -8, y: 5 },
      { x: 0, y: 0 },
    ];
    const m = diagramModel(series, [0, 10], box);
    expect(m.y(10)).toBe(10);
    expect(m.y(0)).toBe(210);
    expect(m.x.domain[0]).toBeLessThanOrEqual(-8);
    expect(m.x.domain[1]).toBeGreaterThanOrEqual(3);
    expect(m.peak).toEqual({ x: -8, y: 5 });
    expect(m.area.endsWith('Z')).toBe(true);
  });

  it('draws an all-zero series on a symmetric axis', () => {
    const m = diagramModel(
      [
        { x: 0, y: 1 },
        { x: 0, y: 0 },
      ],
      [0, 1],
      box,
    );
    expect(m.x.domain).toEqual([-1, 1]);
    expect(m.x(0)).toBe(60);
  });
});
