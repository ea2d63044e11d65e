export * from './types.ts';
export * from './judged.ts';
export * from './bracket.ts';
export * from './draw.ts';
export * from './placings.ts';
export * from './points.ts';
export * from './estimates.ts';
export * from './balance.ts';
