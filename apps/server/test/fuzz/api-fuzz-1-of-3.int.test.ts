import { fuzzRoutes } from './fuzz-routes';

await fuzzRoutes({ index: 1, count: 3 });
