export { SuccessDto } from './success.dto.js';
