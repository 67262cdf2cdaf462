export * from './groups';
export * from './identity';
export * from './saml';
export * from './site';
export * from './media';
export * from './tools';
export * from './documents';
export * from './administration';
