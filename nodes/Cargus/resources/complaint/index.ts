import { resource } from '../../shared/operation';
import { save } from './save';

export const complaint = resource('Complaint', 'complaint', [save]);
