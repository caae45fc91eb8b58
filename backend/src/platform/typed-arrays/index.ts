export { withRoom } from './with-room.js';
