import { resource } from '../../../shared/run/operation';
import { save } from './save';

export const complaint = resource('Complaint', 'complaint', [save]);
