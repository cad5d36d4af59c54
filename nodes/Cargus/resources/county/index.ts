import { resource } from '../../shared/operation';
import { getMany } from './getMany';

export const county = resource('County', 'county', [getMany]);
