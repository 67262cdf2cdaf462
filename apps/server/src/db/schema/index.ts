export * from './groups';
export * from './identity';
export * from './saml';
export * from './administration';
