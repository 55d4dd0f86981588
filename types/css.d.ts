/** Style sheets imported by the web client: esbuild bundles them into the hashed CSS asset. */
declare module '*.css'
