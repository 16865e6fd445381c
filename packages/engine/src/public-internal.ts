// Public exports of the lateral analysis and the cross-section (internal capacity) design.
export {};
