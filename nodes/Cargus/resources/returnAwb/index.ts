import { resource } from '../../shared/operation';
import { create } from './create';

export const returnAwb = resource('Return AWB', 'returnAwb', [create]);
