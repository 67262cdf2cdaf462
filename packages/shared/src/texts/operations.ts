/** Swedish texts of the operations endpoints (issue 30): the metrics scrape. Part of `sv`. */

export const operationsTexts = {
  metricsTokenRequired:
    'Mätvärdena kräver en giltig token i rubriken Authorization (Bearer <token>).',
};
