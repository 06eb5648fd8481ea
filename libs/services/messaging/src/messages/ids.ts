/** Message ids are uuid columns: anything else cannot exist, and must not reach SQL as a cast error. */
export { isUuid } from '@mp/grpc';
