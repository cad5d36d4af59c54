import { resource } from '../../../shared/run/operation';
import { getMany } from './getMany';

export const shipAndGoPoint = resource('Ship & Go Point', 'shipAndGoPoint', [getMany]);
