import { resource } from '../../../shared/run/operation';
import { getMany } from './getMany';
import { getManyWithoutLogin } from './getManyWithoutLogin';

export const locality = resource('Locality', 'locality', [getMany, getManyWithoutLogin]);
