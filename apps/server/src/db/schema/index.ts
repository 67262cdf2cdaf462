export * from './groups';
export * from './identity';
export * from './tools';
