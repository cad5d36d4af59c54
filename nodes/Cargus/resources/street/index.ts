import { resource } from '../../shared/operation';
import { getMany } from './getMany';

export const street = resource('Street', 'street', [getMany]);
