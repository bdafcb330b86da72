// The header by which a call through the run's shared Prism names the portal it is for (its port):
// backend() in server.mjs adds it, upstream-router.mjs routes by it and takes it off.
export const UPSTREAM_HEADER = 'x-portal-test-upstream';
