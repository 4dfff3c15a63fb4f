"""What the tests share: fuzzing sizes and mutations, nights built for tests, the
Office.js and Pyodide harnesses.  Test modules import from here, never from each other."""
