-- The employees sample: a company whose employees report to managers in the
-- same table, for self-joins and recursive CTEs.

CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  title TEXT NOT NULL,
  managerID INTEGER REFERENCES employees(id) ON DELETE SET NULL,
  hiredOn TEXT NOT NULL,
  salary INTEGER NOT NULL
) STRICT;
CREATE INDEX index_employees_on_managerID ON employees(managerID);

INSERT INTO employees (id, name, title, managerID, hiredOn, salary) VALUES
  (1, 'Ada Moreau', 'Chief Executive', NULL, '2014-03-01', 240000),
  (2, 'Bruno Keller', 'VP Engineering', 1, '2015-06-15', 190000),
  (3, 'Chiara Rossi', 'VP Sales', 1, '2016-01-11', 175000),
  (4, 'Dmitri Volkov', 'Engineering Manager', 2, '2017-09-04', 150000),
  (5, 'Emi Tanaka', 'Engineering Manager', 2, '2018-02-19', 148000),
  (6, 'Farah Haddad', 'Senior Engineer', 4, '2018-07-23', 135000),
  (7, 'Gus Okafor', 'Engineer', 4, '2020-05-04', 112000),
  (8, 'Hana Novak', 'Engineer', 5, '2021-10-18', 108000),
  (9, 'Iker Etxeberria', 'Engineer', 5, '2022-03-07', 104000),
  (10, 'Jun Park', 'Account Executive', 3, '2019-08-26', 98000),
  (11, 'Kaia Lindqvist', 'Account Executive', 3, '2023-01-09', 92000),
  (12, 'Léa Dubois', 'Intern', 7, '2025-06-02', 41000);
