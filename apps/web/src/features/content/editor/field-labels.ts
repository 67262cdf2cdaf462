import { format, sv } from '@skolportalen/shared';

const t = sv.posts.editor;
const c = sv.courses.fields;
const m = sv.mustRead.editor;

/** Each form field's visible label (or its section's title), by the field's path root. */
const labels: Record<string, string> = {
  type: t.type,
  title: t.title,
  excerpt: t.excerpt,
  slug: t.slug,
  pseudoAuthor: t.pseudoAuthor,
  content: t.sectionContent,
  blurbs: t.sectionBlurbs,
  info: t.sectionInfo,
  contact: t.sectionContact,
  mediaId: t.sectionMedia,
  nodeIds: t.groups,
  categoryIds: t.roleCategories,
  editorIds: t.editors,
  publishedDate: t.publishedDate,
  unpublishedDate: t.unpublishedDate,
  pagePlacement: t.pagePlacement,
  allowComments: t.allowComments,
  sendNotification: t.sendNotification,
  requiresAcknowledgement: m.requiresAcknowledgement,
  acknowledgeBy: m.acknowledgeBy,
  acknowledgement: m.acknowledgement,
  reminderHoursBefore: m.reminders,
  status: t.statusField,
  course: c.heading,
  courseDate: c.startDate,
};

const nested: Record<string, { item: string; fields: Record<string, string> }> = {
  blurbs: { item: t.blurbN, fields: { title: t.blurbTitle, text: t.blurbText } },
  info: { item: t.infoN, fields: { title: t.infoTitle, url: t.infoUrl } },
};

const contactFields: Record<string, string> = {
  name: t.contactName,
  title: t.contactTitle,
  email: t.contactEmail,
  phone: t.contactPhone,
};

const courseFields: Record<string, string> = {
  startDate: c.startDate,
  endDate: c.endDate,
  cancellationDate: c.cancellationDate,
  place: c.place,
  numberOfAttendees: c.numberOfAttendees,
  attendeeInformation: c.questions,
};

/**
 * The name a person sees for a field path (`title`, `blurbs.0.text`,
 * `contact.email`), so the error summary can say which field a message is
 * about: "Puff 1, Puffens text".
 */
export function fieldLabel(field: string): string | undefined {
  const [root = '', second, third] = field.split('.');
  const list = nested[root];
  if (list && second !== undefined && /^\d+$/.test(second)) {
    const item = format(list.item, { n: Number(second) + 1 });
    const part = third === undefined ? undefined : list.fields[third];
    return part ? `${item}, ${part}` : item;
  }
  if (root === 'contact' && second && contactFields[second]) {
    return `${labels.contact}, ${contactFields[second]}`;
  }
  if (root === 'course' && second && courseFields[second]) return courseFields[second];
  if (root === 'reminderHoursBefore' && second !== undefined && /^\d+$/.test(second)) {
    return format(m.reminderHours, { n: Number(second) + 1 });
  }
  return labels[root];
}
