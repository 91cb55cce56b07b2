/** The pure-JS signature, for pages without WebCrypto: its own chunk, loaded only there. */
export { signRequest } from '@site/contract';
