/** What an operation needs: a bearer token (AUTH operations), a Token query parameter (PDF operations), or neither. */
export type AuthRule = 'bearer' | 'query-token' | 'none';
/** What a request carried: a bearer token, a Token query parameter, or neither. */
export type AuthCarried = 'bearer' | 'query-token' | 'none';
