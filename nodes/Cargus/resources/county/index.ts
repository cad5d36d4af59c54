import { resource } from '../../../shared/run/operation';
import { getMany } from './getMany';

export const county = resource('County', 'county', [getMany]);
