import { resource } from '../../shared/operation';
import { getDocument } from './getDocument';
import { getMany } from './getMany';
import { getPdf } from './getPdf';

export const invoice = resource('Invoice', 'invoice', [getDocument, getMany, getPdf], 'getMany');
