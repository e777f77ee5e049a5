let count: number = 1;
export function add(a: number, b: number): number { return a + b; }
