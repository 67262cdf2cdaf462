/** What other parts of the app compose: the course fields for the content editor. */
export {
  CourseFields,
  type CourseFieldsChange,
  type CourseFieldsProps,
} from './components/course-fields';
export { courseDateOf, emptyCourse } from './components/course-field-values';
