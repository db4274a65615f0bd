export * from './roles.js';
export * from './limits.js';
export * from './uploads.js';
export * from './messages.js';
export * from './fields.js';
export * from './envelope.js';
export * from './schemas/session.js';
export * from './schemas/features.js';
