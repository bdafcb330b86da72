/** The tenant of the host the console was opened on (GET /api/envFile), given by the app (app.tsx) to the shell. */
import { createContext } from 'react';

export const HostTenant = createContext('');
