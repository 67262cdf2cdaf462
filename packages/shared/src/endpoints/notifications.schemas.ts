import {
  myNotificationQuery,
  myNotificationResponse,
  notificationDateResponse,
  notificationSettingsRequest,
  notificationSettingsResponse,
  setNotificationStatusRequest,
} from '../schemas/notification';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/** Each user's own notifications (the bell) and mail setting; the routes are in ./notifications.ts. */
export const notificationSchemas = endpointSchemas('notification', {
  list: {
    summary: 'Mina notiser, nyaste först; unread=true ger bara olästa',
    query: myNotificationQuery,
    response: z.array(myNotificationResponse),
  },
  date: {
    summary: 'När jag senast fick och läste en notis, och hur många som är olästa',
    response: notificationDateResponse,
  },
  setStatus: {
    summary: 'Markera mina notiser som lästa, olästa eller borttagna',
    body: setNotificationStatusRequest,
    response: notificationDateResponse,
  },
  settings: {
    summary: 'Om jag vill få utskick som e-post',
    response: notificationSettingsResponse,
  },
  saveSettings: {
    summary: 'Slå på eller av utskick som e-post',
    body: notificationSettingsRequest,
    response: notificationSettingsResponse,
  },
});
