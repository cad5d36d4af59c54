// The clone's n8n user folders (n8n's own editor assets among them): nothing here is linted. `npm run lint` looks
// up this file for the files here (ESLint's nested configs).
export default [{ ignores: ['**'] }];
