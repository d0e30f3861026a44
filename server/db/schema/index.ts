export * from './auth.js';
export * from './reference.js';
