export const CREDENTIAL_TYPE = 'cargusApi';
