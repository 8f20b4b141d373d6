/** The whole Drizzle schema, one file per domain; drizzle-kit and the database client read it here. */
export * from './accounts';
export * from './analytics';
export * from './commerce';
export * from './community';
export * from './consent';
export * from './content';
export * from './learning';
export * from './mail';
export * from './notifications';
export * from './social';
export * from './support';
export * from './uploads';
