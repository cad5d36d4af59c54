import type { INodePropertyOptions } from 'n8n-workflow';

import { bucharestSector, closestNames, plainName, typedName } from './placeNames';

// The 44 counties as Cargus numbers them (CountyId, name, abbreviation), from Cargus' own location files.
const COUNTIES: ReadonlyArray<readonly [number, string, string]> = [
	[3, 'Alba', 'AB'],
	[4, 'Arad', 'AR'],
	[5, 'Arges', 'AG'],
	[6, 'Bacau', 'BC'],
	[7, 'Bihor', 'BH'],
	[8, 'Bistrita-Nasaud', 'BN'],
	[9, 'Botosani', 'BT'],
	[10, 'Braila', 'BR'],
	[11, 'Brasov', 'BV'],
	[12, 'Buzau', 'BZ'],
	[13, 'Calarasi', 'CL'],
	[14, 'Caras-Severin', 'CS'],
	[15, 'Cluj', 'CJ'],
	[16, 'Constanta', 'CT'],
	[17, 'Covasna', 'CV'],
	[18, 'Dambovita', 'DB'],
	[19, 'Dolj', 'DJ'],
	[20, 'Galati', 'GL'],
	[21, 'Giurgiu', 'GR'],
	[22, 'Gorj', 'GJ'],
	[23, 'Harghita', 'HR'],
	[24, 'Hunedoara', 'HD'],
	[25, 'Ialomita', 'IL'],
	[26, 'Iasi', 'IS'],
	[27, 'Ilfov', 'IF'],
	[28, 'Maramures', 'MM'],
	[29, 'Mehedinti', 'MH'],
	[30, 'Mures', 'MS'],
	[31, 'Neamt', 'NT'],
	[32, 'Olt', 'OT'],
	[33, 'Prahova', 'PH'],
	[34, 'Salaj', 'SJ'],
	[35, 'Satu Mare', 'SM'],
	[36, 'Sibiu', 'SB'],
	[37, 'Suceava', 'SV'],
	[38, 'Teleorman', 'TR'],
	[39, 'Timis', 'TM'],
	[40, 'Tulcea', 'TL'],
	[41, 'Valcea', 'VL'],
	[42, 'Vaslui', 'VS'],
	[43, 'Vrancea', 'VN'],
	[44, 'Bucuresti', 'B'],
	[307, 'Necunoscut', 'NN'],
	[308, 'International Polonia', 'PL'],
];

export const ROMANIA_COUNTRY_ID = 1;

/** The counties as dropdown options, by name. */
export function countyOptions(): INodePropertyOptions[] {
	return [...COUNTIES]
		.sort((a, b) => a[1].localeCompare(b[1]))
		.map(([id, name, abbreviation]) => ({ name: `${name} (${abbreviation})`, value: id }));
}

export interface County {
	id: number;
	/** As Cargus names it. */
	name: string;
	/** The code on Romanian number plates and in shops (CJ; B for Bucharest). */
	code: string;
}

const ALL: County[] = COUNTIES.map(([id, name, code]) => ({ id, name, code }));
export const BUCHAREST_COUNTY_ID = 44;

/** The county a shop's text names: its code (CJ, B), its name with or without diacritics ("Județul Cluj"), or Bucharest written any way. */
export function countyNamed(text: unknown): County | undefined {
	const typed = typedName(text);
	if (typed === '') return undefined;
	if (bucharestSector(typed) !== undefined) return ALL.find((county) => county.id === BUCHAREST_COUNTY_ID);
	return ALL.find((county) => county.code.toLowerCase() === typed || plainName(county.name) === typed);
}

/** The county of this Cargus id, if it is one. */
export function countyWithId(id: number): County | undefined {
	return ALL.find((county) => county.id === id);
}

/** The counties whose name or code is closest to a text that names none: "Cluj (CJ)". */
export function countiesLike(text: unknown): string[] {
	return closestNames(typedName(text), ALL, (county) => [plainName(county.name), county.code.toLowerCase()]).map((county) => `${county.name} (${county.code})`);
}
