import { resource } from '../../shared/operation';
import { logIn } from './logIn';

export const account = resource('Account', 'account', [logIn]);
