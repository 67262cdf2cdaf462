import { fuzzRoutes } from './fuzz-routes';

await fuzzRoutes({ index: 2, count: 3 });
