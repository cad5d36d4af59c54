import { resource } from '../../../shared/run/operation';
import { getDocument } from './getDocument';
import { getMany } from './getMany';
import { getPdf } from './getPdf';

export const invoice = resource('Invoice', 'invoice', [getDocument, getMany, getPdf], 'getMany');
