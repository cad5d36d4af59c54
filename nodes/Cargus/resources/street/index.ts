import { resource } from '../../../shared/run/operation';
import { getMany } from './getMany';

export const street = resource('Street', 'street', [getMany]);
