package dev.soapscope.agent.probe;

import net.bytebuddy.description.annotation.AnnotationList;
import net.bytebuddy.description.annotation.AnnotationValue;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.method.ParameterDescription;
import net.bytebuddy.description.method.ParameterList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.description.type.TypeList;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * A method as its class file declares it, what the probes' method matchers are asked ({@link ClassWeaver#method}):
 * its types as given, by name. Not Byte Buddy's {@code MethodDescription.Latent}, whose types pass through a type
 * visitor whose first use initialises Byte Buddy's {@code TypeDefinition.Sort}, and with it a class generated at run
 * time: about 40 ms of every start.
 */
final class DeclaredMethod extends MethodDescription.InDefinedShape.AbstractBase {
    private final TypeDescription declaring;
    private final String name;
    private final int modifiers;
    private final String descriptor;
    /** Parsed from the descriptor when a matcher first asks: most are decided by the name alone. */
    private TypeDescription.Generic returnType;
    private List<TypeDescription.Generic> parameterTypes;
    private int stackSize = -1;
    /** Types given when made, not parsed (a null return type then stays null). */
    private boolean typesGiven;

    /** A method whose return and parameter types are read from {@code descriptor} when first asked for. */
    DeclaredMethod(TypeDescription declaring, String name, int modifiers, String descriptor) {
        this.declaring = declaring;
        this.name = name;
        this.modifiers = modifiers;
        this.descriptor = descriptor;
    }

    /** @param descriptor the method's descriptor, for the slots its parameters take */
    DeclaredMethod(TypeDescription declaring, String name, int modifiers, TypeDescription.Generic returnType,
                   List<TypeDescription.Generic> parameterTypes, String descriptor) {
        this(declaring, name, modifiers, descriptor);
        this.returnType = returnType;
        this.parameterTypes = parameterTypes;
        this.typesGiven = true;
    }

    @Override
    public int getStackSize() {
        if (stackSize < 0) {
            // ASM counts this in always; Byte Buddy's own count would describe each type as a loaded class
            stackSize = (Type.getArgumentsAndReturnSizes(descriptor) >> 2) - ((modifiers & Opcodes.ACC_STATIC) != 0 ? 1 : 0);
        }
        return stackSize;
    }

    @Override
    public TypeDescription getDeclaringType() {
        return declaring;
    }

    @Override
    public String getInternalName() {
        return name;
    }

    @Override
    public int getModifiers() {
        return modifiers;
    }

    @Override
    public TypeDescription.Generic getReturnType() {
        if (returnType == null && !typesGiven) {
            returnType = ClassWeaver.typeNamed(Type.getReturnType(descriptor));
        }
        return returnType;
    }

    private List<TypeDescription.Generic> parameterTypes() {
        if (parameterTypes == null) {
            Type[] arguments = Type.getArgumentTypes(descriptor);
            List<TypeDescription.Generic> types = new ArrayList<TypeDescription.Generic>(arguments.length);
            for (Type a : arguments) {
                types.add(ClassWeaver.typeNamed(a));
            }
            parameterTypes = types;
        }
        return parameterTypes;
    }

    @Override
    public ParameterList<ParameterDescription.InDefinedShape> getParameters() {
        return new ParameterList.AbstractBase<ParameterDescription.InDefinedShape>() {
            @Override
            public ParameterDescription.InDefinedShape get(int index) {
                return new Parameter(index);
            }

            @Override
            public int size() {
                return parameterTypes().size();
            }
        };
    }

    @Override
    public TypeList.Generic getExceptionTypes() {
        return new TypeList.Generic.Empty();
    }

    @Override
    public TypeList.Generic getTypeVariables() {
        return new TypeList.Generic.Empty();
    }

    @Override
    public AnnotationList getDeclaredAnnotations() {
        return new AnnotationList.Empty();
    }

    @Override
    public AnnotationValue<?, ?> getDefaultValue() {
        return null;
    }

    @Override
    public TypeDescription.Generic getReceiverType() {
        return null; // not read from the class file: no probe matches on it
    }

    private final class Parameter extends ParameterDescription.InDefinedShape.AbstractBase {
        private final int index;

        Parameter(int index) {
            this.index = index;
        }

        @Override
        public TypeDescription.Generic getType() {
            return parameterTypes().get(index);
        }

        @Override
        public MethodDescription.InDefinedShape getDeclaringMethod() {
            return DeclaredMethod.this;
        }

        @Override
        public int getIndex() {
            return index;
        }

        @Override
        public boolean isNamed() {
            return false; // descriptors carry no names
        }

        @Override
        public boolean hasModifiers() {
            return false;
        }

        @Override
        public AnnotationList getDeclaredAnnotations() {
            return new AnnotationList.Empty();
        }
    }
}
