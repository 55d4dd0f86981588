/** Types of tools/build-web.mjs for the TypeScript tests and bench that build the client. */
export function buildWebClient(outDir?: string): Promise<{ index: string; script: string; style: string }>
