export * from './domain/tournament-status.ts';
export * from './domain/costs.ts';
export * from './domain/roles.ts';
export * from './domain/messages.ts';
export * from './domain/validation.ts';
export * from './contract/errors.ts';
export * from './contract/public.ts';
export * from './contract/access.ts';
