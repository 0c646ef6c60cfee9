export * from './account-type';
export * from './employment';
export * from './identity';
export * from './investment';
export * from './registry';
export * from './types';
