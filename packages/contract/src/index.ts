export * from './auth.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './http.ts';
export * from './routes.ts';
export * from './socket.ts';
