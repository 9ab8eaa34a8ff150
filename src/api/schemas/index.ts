export * from './bounds.ts';
export * from './common.ts';
export * from './content.ts';
export * from './customizations.ts';
export * from './organization.ts';
export * from './published.ts';
export * from './site.ts';
export * from './space.ts';
