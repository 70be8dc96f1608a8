export { LoginChoice } from './login-choice';
