import type { RouteDeps } from '../../http/route-deps';
import { queueMails, wakeMail } from '../notifications/mail-outbox';
import type { CourseMailer } from './course-mail';

/** Course e-mails go through the portal's outbox and mail job (SMTP, or kept when none is set). */
export function createCourseMailer(deps: Pick<RouteDeps, 'jobs' | 'config'>): CourseMailer {
  return {
    queue: (tx, mails) => queueMails(tx, deps.jobs, mails, deps.config.mail.batchSize),
    wake: () => wakeMail(deps.jobs),
  };
}
