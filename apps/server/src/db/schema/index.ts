export * from './groups';
export * from './identity';
