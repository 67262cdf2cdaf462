/**
 * Test factories: an integration test builds the accounts, groups, posts and
 * courses it needs on the base template (`createTestApp({ demo: false })`)
 * instead of signing in as the demo municipality's people.
 */
export { buildClass, buildNode, buildSchool, buildTeachingGroup, type TestNode } from './nodes';
export { buildUser, fullName, testPassword, type TestUser, type UserOptions } from './users';
export { bearerClientOf, signIn } from './sign-in';
export { buildPost, type PostOptions } from './posts';
export { buildCourse, buildCourseArranger, type CourseOptions } from './courses';
export {
  buildDocument,
  buildDocumentSite,
  type DocumentSiteOptions,
  type TestDocumentSite,
} from './documents';
