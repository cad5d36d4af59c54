// Not part of the npm package, so n8n's lint rules for community nodes (no process, console, timers or
// node: imports) do not apply: `npm run lint` looks up this file for the code here (ESLint's nested configs).
export default [{ ignores: ['**'] }];
