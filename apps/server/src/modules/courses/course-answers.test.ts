import { describe, expect, it } from 'vitest';
import { checkAnswers } from './course-answers';

const questions = [
  { title: 'Specialkost', required: true },
  { title: 'Övrigt', required: false },
];

describe('answers to the organiser’s questions', () => {
  it('keeps them in the questions’ order, matched by text whatever the case', () => {
    const result = checkAnswers(questions, [
      { question: 'övrigt', answer: 'Kommer med tåg ' },
      { question: 'SPECIALKOST', answer: 'Vegetarisk' },
    ]);
    expect(result.problems).toEqual([]);
    expect(result.answers).toEqual([
      { question: 'Specialkost', answer: 'Vegetarisk' },
      { question: 'Övrigt', answer: 'Kommer med tåg' },
    ]);
  });

  it('asks for every required answer by the question’s place, and refuses unknown questions', () => {
    const result = checkAnswers(questions, [
      { question: 'Specialkost', answer: '   ' },
      { question: 'Skostorlek', answer: '42' },
    ]);
    expect(result.problems).toEqual([
      { field: 'answers', message: 'Frågan finns inte på kursen' },
      { field: 'answers.0', message: 'Fältet måste vara ifyllt' },
    ]);
  });

  it('takes no answers for a course without questions', () => {
    expect(checkAnswers([], [])).toEqual({ answers: [], problems: [] });
  });
});
