import { fuzzRoutes } from './fuzz-routes';

await fuzzRoutes({ index: 3, count: 3 });
