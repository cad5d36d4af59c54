import { resource } from '../../../shared/run/operation';
import { logIn } from './logIn';

export const account = resource('Account', 'account', [logIn]);
