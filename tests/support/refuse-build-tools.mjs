// Preloaded (node --import) into a product under test: the build tools and compilers may not be
// loaded, by import or by require. Each attempt is printed, even one the product would catch, and fails.
import Module, { register } from 'node:module';

const REFUSED = '^(vite|esbuild|typescript|tsx|rolldown|@vitejs/[^/]+|@esbuild/[^/]+|@rolldown/[^/]+)(/|$)';

const refuse = (specifier) => {
  process.stderr.write(`REFUSED ${specifier}\n`);
  return new Error(`refused to load ${specifier}: a production start needs no build tool`);
};

const hooks = `
const refused = new RegExp(${JSON.stringify(REFUSED)});
export const resolve = (specifier, context, next) => {
  if (refused.test(specifier)) {
    process.stderr.write('REFUSED ' + specifier + '\\n');
    throw new Error('refused to load ' + specifier + ': a production start needs no build tool');
  }
  return next(specifier, context);
};`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

const refused = new RegExp(REFUSED);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (refused.test(request)) throw refuse(request);
  return resolveFilename.call(this, request, ...rest);
};
