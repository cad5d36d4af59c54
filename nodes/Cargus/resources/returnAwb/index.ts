import { resource } from '../../../shared/run/operation';
import { create } from './create';

export const returnAwb = resource('Return AWB', 'returnAwb', [create]);
